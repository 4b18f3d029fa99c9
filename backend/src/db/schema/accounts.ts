/** Tables of the accounts domain (filled by its module). */
export {};
