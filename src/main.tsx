import './app/styles';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// No StrictMode: its dev-only double mount restarts invoked actors, which would spend a single-use
// sign-in token twice (see docs/decisions/007-no-strict-mode.md).
createRoot(root).render(<App />);
