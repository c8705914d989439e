import { useT } from '@/lib/i18n/use-t';
import { PageHeader } from './page-header';

/** Placeholder for a screen that later work builds: its name and nothing else. */
export function ComingSoon({ title, back = false }: { title: string; back?: boolean }) {
  const t = useT();
  return (
    <>
      <PageHeader title={title} back={back} />
      <p className="px-4 py-10 text-center text-slate-600">{t('common.comingSoon')}</p>
    </>
  );
}
