/** Tables of the reference domain (filled by its module). */
export {};
