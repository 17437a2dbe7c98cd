import { LEVEL } from '../../../domain/levels';
import { useUser } from '../../app/session';
import { GeneralDashboard } from './general-dashboard';
import { HomeDashboard } from './home-dashboard';

/** D-HOME-01: level 1 sees the general dashboard, every other level its corp's home dashboard. */
export function Dashboard() {
  const user = useUser();
  return user.level === LEVEL.supervisor ? <GeneralDashboard /> : <HomeDashboard />;
}

/** The 'dashboard' screen (panel/dashboard, the level 1 menu's Dashboard). */
export default function DashboardScreen() {
  return <Dashboard />;
}
