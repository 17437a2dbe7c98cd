import { useSession } from '../../app/session';

/** The corp the live screens follow: the working corp of a level 1 user, else the user's own (like HubProvider). */
export function useLiveCorp(): number | null {
  const { user, workingCorp } = useSession();
  return user ? (workingCorp?.id ?? user.corpId) : null;
}
