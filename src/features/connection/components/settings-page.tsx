export function SettingsPage() {
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Connection settings</h1>
    </section>
  );
}
