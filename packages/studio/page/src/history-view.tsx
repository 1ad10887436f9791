import { useEffect, useState } from 'preact/hooks';
import { api, type SessionDetail, type SessionView } from './api';

/** Runs recorded in the state store (checkpoints), newest first: those of `orkeon run` and of earlier Studios too. */
export function HistoryView() {
  const [state, setState] = useState<{ enabled: boolean; sessions: SessionView[] } | undefined>();
  const [open, setOpen] = useState<SessionDetail | undefined>();
  useEffect(() => {
    api
      .history()
      .then(setState)
      .catch(() => {});
  }, []);
  if (state === undefined) return <p class="hint">Loading…</p>;
  return (
    <section aria-label="History">
      <h2>History</h2>
      {!state.enabled ? (
        <p class="hint">No state store: runs are not recorded (see docs/checkpointing.md).</p>
      ) : state.sessions.length === 0 ? (
        <p class="hint">No recorded runs yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">crew</th>
              <th scope="col">phase</th>
              <th scope="col">tasks done</th>
              <th scope="col">started</th>
              <th scope="col">last change</th>
            </tr>
          </thead>
          <tbody>
            {state.sessions.map((session) => (
              <tr key={session.sessionId}>
                <td>
                  <button
                    type="button"
                    class="link"
                    onClick={() =>
                      void api
                        .session(session.sessionId)
                        .then(setOpen)
                        .catch(() => {})
                    }
                  >
                    {session.crewId}
                  </button>
                </td>
                <td>{session.phase}</td>
                <td>{session.completedTaskCount}</td>
                <td>{new Date(session.createdAt).toLocaleString()}</td>
                <td>{new Date(session.updatedAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open === undefined ? null : <SessionTasks session={open} />}
    </section>
  );
}

function SessionTasks(props: { session: SessionDetail }) {
  const { session } = props;
  return (
    <section class="session" aria-label="Recorded run">
      <h3>
        {session.crewId} <span class="hint">{session.sessionId}</span>
      </h3>
      {session.errorMessage === undefined ? null : <p class="problem">{session.errorMessage}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">task</th>
            <th scope="col">status</th>
            <th scope="col">at</th>
            <th scope="col">retries</th>
            <th scope="col">output</th>
          </tr>
        </thead>
        <tbody>
          {Object.values(session.taskCheckpoints).map((task) => (
            <tr key={task.taskId}>
              <td>{task.taskId}</td>
              <td>{task.status}</td>
              <td>{new Date(task.timestamp).toLocaleTimeString()}</td>
              <td>{task.retryCount}</td>
              <td>
                {task.errorMessage ?? (
                  <details>
                    <summary>{(task.output ?? '').slice(0, 60) || '–'}</summary>
                    <pre class="session-output">{task.output}</pre>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
