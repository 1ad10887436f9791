import { useEffect, useState } from 'preact/hooks';
import { type A2ATaskView, api } from './api';

/** The A2A tasks the server answered (`orkeon serve --studio`), v1.0 and seed dialect, newest first, read again every few seconds. */
export function A2AView() {
  const [tasks, setTasks] = useState<A2ATaskView[] | undefined>();
  useEffect(() => {
    const read = () =>
      api
        .a2aTasks()
        .then(setTasks)
        .catch(() => {});
    void read();
    const timer = setInterval(read, 3000);
    return () => clearInterval(timer);
  }, []);
  if (tasks === undefined) return <p class="hint">Loading…</p>;
  return (
    <section aria-label="A2A tasks">
      <h2>A2A tasks</h2>
      {tasks.length === 0 ? (
        <p class="hint">No A2A task yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">task</th>
              <th scope="col">protocol</th>
              <th scope="col">skill</th>
              <th scope="col">state</th>
              <th scope="col">context</th>
              <th scope="col">made</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => (
              <tr key={task.id}>
                <td class="name">
                  <code>{task.id}</code>
                </td>
                <td>{task.dialect === 'v1' ? 'A2A v1.0' : 'seed'}</td>
                <td>{task.skillId}</td>
                <td>{task.state.replace('TASK_STATE_', '').toLowerCase()}</td>
                <td>{task.contextId === undefined ? '–' : <code>{task.contextId}</code>}</td>
                <td>{new Date(task.createdAt).toLocaleTimeString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
