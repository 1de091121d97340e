import './styles/index.css';

/**
 * The app's code runs after the first paint: what index.html holds (the boot loader, or the page's shell with the home
 * banner that the server puts there) shows first, while the app's modules are already downloading (modulepreload
 * links in index.html). A hidden tab paints no frames, so the wait is capped.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

const container = document.getElementById('root');
if (container) {
  await afterFirstPaint();
  const { startApp } = await import('./app/start');
  void startApp(container);
}
