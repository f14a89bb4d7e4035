// Entry of the example exchange shell: builds the services once, applies the saved theme and renders.
import { createRoot } from 'react-dom/client';
import { THEME_REVEAL_CSS, rootThemePort } from 'exkit';
import { Root } from './components/root.js';
import { createAppServices } from './services/app-services.js';
import './styles.css';

const services = createAppServices();
const style = document.createElement('style');
style.textContent = THEME_REVEAL_CSS;
document.head.append(style);
if (services.platform.dom) rootThemePort(services.platform.dom).apply(services.preferences.get().theme);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<Root services={services} />);
