export function TasksPage() {
  return (
    <section aria-labelledby="tasks-title">
      <h1 id="tasks-title">Tasks</h1>
    </section>
  );
}
