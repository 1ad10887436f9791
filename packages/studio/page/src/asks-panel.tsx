import { useState } from 'preact/hooks';
import type { StudioAsk } from './api';

/** The questions waiting for a person: `human_input` asks and the permission gate's. */
export function AsksPanel(props: {
  asks: readonly StudioAsk[];
  onAnswer: (id: string, value: string) => Promise<void>;
}) {
  if (props.asks.length === 0) return null;
  return (
    <section class="asks" aria-label="Questions">
      <h2>Waiting for you</h2>
      {props.asks.map((ask) => (
        <AskCard key={ask.id} ask={ask} onAnswer={props.onAnswer} />
      ))}
    </section>
  );
}

function AskCard(props: { ask: StudioAsk; onAnswer: (id: string, value: string) => Promise<void> }) {
  const { ask } = props;
  const [text, setText] = useState('');
  const answer = (value: string) => void props.onAnswer(ask.id, value);
  const who = ask.source === 'permission' ? `Permission for ${ask.toolName ?? 'a tool'}` : 'Question';
  return (
    <div class="ask">
      <p>
        <strong>{who}</strong>
        {ask.agent === undefined ? '' : ` from ${ask.agent}`}
      </p>
      <p class="prompt">{ask.prompt}</p>
      {ask.kind === 'approval' ? (
        <div class="buttons">
          <button type="button" onClick={() => answer('yes')}>
            Allow
          </button>
          <button type="button" onClick={() => answer('no')}>
            Deny
          </button>
        </div>
      ) : ask.kind === 'choice' ? (
        <div class="buttons">
          {(ask.choices ?? []).map((choice) => (
            <button type="button" key={choice} onClick={() => answer(choice)}>
              {choice}
            </button>
          ))}
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            answer(text);
          }}
        >
          <label>
            Answer
            <input value={text} onInput={(event) => setText(event.currentTarget.value)} />
          </label>
          <button type="submit">Send</button>
        </form>
      )}
    </div>
  );
}
