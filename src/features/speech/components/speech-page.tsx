export function SpeechPage() {
  return (
    <section aria-labelledby="speech-title">
      <h1 id="speech-title">Speech studio</h1>
    </section>
  );
}
