import { fileURLToPath } from 'node:url';
import { BUILD_LABEL } from '@backline/contract';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { loginShell } from './build/login-shell.ts';
import { precompress } from './build/precompress.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const contractSrc = fileURLToPath(new URL('../../packages/contract/src', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    loginShell(fileURLToPath(new URL('./public', import.meta.url))),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src}/` },
      // The web imports the contract file by file: its barrel registers every endpoint of the
      // product, and pulling it in would put all their schemas on the log-in path.
      { find: /^@backline\/contract\/(.+)$/, replacement: `${contractSrc}/$1` },
    ],
  },
  define: {
    'import.meta.env.BUILD_LABEL': JSON.stringify(BUILD_LABEL),
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
  },
});
