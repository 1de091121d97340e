import './styles/index.css';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (container) void startApp(container);
