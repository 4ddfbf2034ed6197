// Debian's Chromium as every browser run here launches it: the browser tests and the bench's
// log-in form timing (no Playwright browser download; headless, nothing fetched in the background).
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
