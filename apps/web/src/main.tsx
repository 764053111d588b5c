// Base styles first, so that feature stylesheets (imported by the screens) come after them.
import './styles/global.css';
import './styles/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { preloadRoute } from './app/route-prefetch';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The code of the screen asked for is fetched while the session store rehydrates, not after.
preloadRoute(window.location.pathname);
// The session store is rehydrated before the app renders (like redux-persist's PersistGate).
void bootstrap().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
