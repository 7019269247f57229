import { useTranslation } from 'react-i18next';
import { programmeStatsContent } from '../lib/programme-content';

/** The marketing figures as a description list: the label is read before its value. */
export function ProgrammeStats() {
  const { t } = useTranslation('programme');
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {programmeStatsContent.map((stat) => (
        <div key={stat.key} className="glass flex flex-col-reverse items-center gap-1 rounded-xl p-5 text-center">
          <dt className="text-sm text-muted-foreground">{t(`stats.${stat.key}`)}</dt>
          <dd className="text-3xl font-bold tracking-tight text-primary">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
