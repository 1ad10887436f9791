/** How many files are read at once while indexing (through the virtual file system's rights checks). */
export const readConcurrency = 16;
