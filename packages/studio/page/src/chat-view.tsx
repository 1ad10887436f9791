import { useEffect, useState } from 'preact/hooks';
import { api, type StudioCrewInfo, type ThreadInfoView, type ThreadMessageView } from './api';
import { followRun } from './follow-run';

/**
 * A conversation with one agent on a thread: the agent sees the thread's earlier turns, and each answer
 * is a run like any other (in the Runs list, with its events and spans). Threads are kept by the runtime.
 */
export function ChatView(props: { crews: readonly StudioCrewInfo[] }) {
  const choices = props.crews.flatMap((crew) => crew.agents.map((agent) => ({ crew: crew.name, ...agent })));
  const [choice, setChoice] = useState(choices[0] === undefined ? '' : `${choices[0].crew}/${choices[0].id}`);
  const [thread, setThread] = useState(() => `chat-${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '')}`);
  const [threads, setThreads] = useState<ThreadInfoView[]>([]);
  const [messages, setMessages] = useState<ThreadMessageView[]>([]);
  const [text, setText] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  const load = (id: string) =>
    api
      .thread(id)
      .then(setMessages)
      .catch(() => setMessages([]));
  useEffect(() => {
    api
      .threads()
      .then(setThreads)
      .catch(() => {});
  }, [messages]);
  useEffect(() => {
    void load(thread);
  }, [thread]);

  const send = async () => {
    const [crew, agent] = choice.split('/');
    if (crew === undefined || agent === undefined || text.trim() === '') return;
    setProblem(undefined);
    setWaiting(true);
    try {
      const run = await api.chat(crew, agent, thread, text);
      setText('');
      await new Promise<void>((resolve) => {
        const stop = followRun(
          run.id,
          (state) => {
            if (state.view.status === 'running') return;
            stop();
            if (state.view.error !== undefined) setProblem(`${state.view.error.code}: ${state.view.error.message}`);
            resolve();
          },
          () => {},
        );
      });
      await load(thread);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setWaiting(false);
    }
  };

  return (
    <section aria-label="Chat" class="chat">
      <h2>Chat</h2>
      <div class="chat-head">
        <label>
          Agent
          <select value={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
            {choices.map((item) => (
              <option key={`${item.crew}/${item.id}`} value={`${item.crew}/${item.id}`}>
                {item.role} ({item.crew})
              </option>
            ))}
          </select>
        </label>
        <label>
          Thread
          <input value={thread} list="threads" onChange={(event) => setThread(event.currentTarget.value)} />
          <datalist id="threads">
            {threads.map((item) => (
              <option key={item.id} value={item.id}>
                {item.turns} turns
              </option>
            ))}
          </datalist>
        </label>
      </div>
      <ol class="messages" aria-label="Messages">
        {messages
          .filter((message) => message.role === 'user' || message.role === 'assistant')
          .map((message) => (
            <li key={message.seq} class={`message ${message.role}${message.inContext ? '' : ' left'}`}>
              <span class="who">{message.role === 'user' ? 'You' : 'Agent'}</span>
              {message.text === '' && message.tools.length > 0 ? (
                <span class="hint">called {message.tools.join(', ')}</span>
              ) : (
                <p>{message.text}</p>
              )}
            </li>
          ))}
      </ol>
      {problem === undefined ? null : (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      <form
        class="chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label>
          Message
          <textarea value={text} rows={3} onInput={(event) => setText(event.currentTarget.value)} />
        </label>
        <button type="submit" disabled={waiting || text.trim() === ''}>
          {waiting ? 'Answering…' : 'Send'}
        </button>
      </form>
    </section>
  );
}
