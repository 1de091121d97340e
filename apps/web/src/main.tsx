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

/** A later task. Not lib/next-task: a module the app shares would put the app's chunk before the first paint. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

const container = document.getElementById('root');
if (container) {
  await afterFirstPaint();
  // React first, the app in a later task: run together they were one task long enough to delay a tap on a phone.
  await import('react-dom/client');
  await nextTask();
  const { startApp } = await import('./app/start');
  // The app's modules run in one task, its start-up in the next.
  await nextTask();
  void startApp(container);
}
