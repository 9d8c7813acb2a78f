/** "1 byte", "2 bytes": a count and its noun, plural when it is not one. */
export const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`
