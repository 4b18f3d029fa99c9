/** Tables of the orders domain (filled by its module). */
export {};
