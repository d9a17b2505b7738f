/** Polls the console's info endpoint until the server answers; false after about 30 s. */
export async function serverAnswers(base: string, attempts = 150): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(`${base}/api/_console/info`)).ok) return true;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}
