// A text search on the screen matches as a person reads: case and accents ignored.

/** `text` lower-cased without its accents ("José" and "jose" fold alike). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}
