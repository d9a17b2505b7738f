/** Writes text to the clipboard; false when the browser refuses (no permission, insecure context), so the caller can offer the text to select. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** What to tell the operator after a copy of `what` ("3 IDs", "the task ID"). */
export const copyOutcome = (copied: boolean, what: string): string =>
  copied ? `Copied ${what}` : `Could not copy ${what}: the browser refused clipboard access`;
