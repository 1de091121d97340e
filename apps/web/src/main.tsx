// First: zod must be configured before any schema is built (see zod-setup).
import './lib/zod-setup';
import './styles/index.css';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (container) void startApp(container);
