import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppConfigProvider, fetchAppConfig } from '@/lib/runtime-config';
import { App } from '@/app/app';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

fetchAppConfig().then(
  (config) => {
    document.title = config.productName;
    root.render(
      <StrictMode>
        <AppConfigProvider config={config}>
          <App />
        </AppConfigProvider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(
      <p className="p-6">The service could not be reached. Please reload the page in a moment.</p>,
    );
  },
);
