/** Relay global ids of chat types (base64 of "Type:rawId", schema conventions). */

export function toGlobalId(type: 'ChatGroup' | 'ChatMessage' | 'Order', rawId: string | number): string {
  return btoa(`${type}:${rawId}`);
}

/** The raw id of a global id, or null when it is not of `type`. */
export function fromGlobalId(type: string, id: string): string | null {
  try {
    const s = atob(id);
    return s.startsWith(`${type}:`) ? s.slice(type.length + 1) : null;
  } catch {
    return null;
  }
}
