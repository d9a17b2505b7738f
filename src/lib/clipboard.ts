/** Writes text to the clipboard; false when the browser refuses (no permission, insecure context), so the caller can offer the text to select. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
