import { render } from 'preact';
import { App } from './app';
import './studio.css';

render(<App />, document.getElementById('app') as HTMLElement);
