import { ArrowRight, Building } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../ui/card';
import { usePaths } from './paths';

/**
 * What a corp screen shows a level 1 user who has not picked a working corp (F-PERM-02, A-SES-07):
 * it says so and links to the corporations list, where the working corp is selected.
 */
export function WorkingCorpRequired() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <Card className="flex flex-col items-start gap-3 px-5 py-6" data-testid="working-corp-required" role="status">
      <p className="inline-flex items-center gap-2 text-sm">
        <Building className="size-4 text-muted" aria-hidden />
        {t('live.workingCorpRequired')}
      </p>
      <Link to={paths.toEntry('corp')} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline" data-testid="working-corp-required-link">
        {t('home.chooseCorp')}
        <ArrowRight className="size-4" aria-hidden />
      </Link>
    </Card>
  );
}
