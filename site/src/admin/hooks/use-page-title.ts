import { useEffect } from 'react';
import { clinic } from '../../../../shared/constants/clinic';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Admin · ${clinic.name}`;
  }, [title]);
}
