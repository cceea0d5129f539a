// Batch print's limits and plain words (issue 24): shared by the server call and the Order Tracking screen.
export const BATCH_PRINT_MAX = 50;

export const BATCH_PRINT_MESSAGES = {
  none: "Select at least one order to print.",
  tooMany: `Print at most ${BATCH_PRINT_MAX} pick lists at once.`,
  notFound: (ref: string) => `Order ${ref} was not found, or you may not print its pick list. Nothing was printed.`,
  failed: "Failed to generate pick list",
} as const;
