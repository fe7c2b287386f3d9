import { createRoot } from 'react-dom/client';
import { clinic } from '../../../shared/constants/clinic';

// Placeholder until the public site lands: the server already answers every public route with this page.
function App() {
  const notFound = document.documentElement.dataset.status === '404';
  return (
    <main>
      <h1>{notFound ? '404 Page Not Found' : clinic.name}</h1>
      <p>{clinic.tagline1}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
