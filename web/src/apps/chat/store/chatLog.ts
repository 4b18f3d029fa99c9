/** Chat call errors are logged, not shown (spec chat §8). */
export function logChatError(where: string, error: unknown): void {
  console.error(`[chat] ${where}`, error);
}
