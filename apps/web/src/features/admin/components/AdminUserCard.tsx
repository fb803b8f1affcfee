import type { AdminUser, ImpersonationToken, UserPlan } from '@kartlink/contracts';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { CopyButton } from '../../../components/CopyButton';
import { timeAgo } from '../../../lib/relative-time';
import {
  useDisableUserMutation,
  useEnableUserMutation,
  useImpersonationTokenMutation,
  useSetUserPlanMutation,
} from '../api/admin-api';
import { failureMessage, formatDate, formatDateTime } from '../utils/format';
import { ReasonDialog } from './ReasonDialog';

const METHOD_LABELS = { password: 'Password', google: 'Google' } as const;
const PLAN_LABELS: Record<UserPlan, string> = { free: 'Free', premium: 'Premium' };

/** One account in the console: who, their shop and activity, and what an admin can do. */
export function AdminUserCard({ user }: { user: AdminUser }) {
  const planId = useId();
  const [plan, setPlan] = useState<UserPlan>(user.plan);
  const [disabling, setDisabling] = useState(false);
  const [link, setLink] = useState<ImpersonationToken | null>(null);
  const [savePlan, planState] = useSetUserPlanMutation();
  const [disable, disableState] = useDisableUserMutation();
  const [enable, enableState] = useEnableUserMutation();
  const [impersonate, impersonateState] = useImpersonationTokenMutation();
  const name = user.displayName ?? user.email;

  const changePlan = async () => {
    try {
      await savePlan({ email: user.email, plan }).unwrap();
      toast.success(`${user.email} is now on ${PLAN_LABELS[plan]}.`);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  const confirmDisable = async (reason: string) => {
    try {
      await disable({ id: user.id, reason }).unwrap();
      setDisabling(false);
      toast.success(`${user.email} is disabled.`);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  const reenable = async () => {
    try {
      await enable(user.id).unwrap();
      toast.success(`${user.email} is enabled again.`);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  const actAs = async () => {
    try {
      setLink(await impersonate(user.email).unwrap());
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  return (
    <li className={user.disabled ? 'admin-card admin-card--held' : 'admin-card'}>
      <div className="admin-card__head">
        <h3 className="admin-card__title">{user.email}</h3>
        <span>
          {user.role === 'admin' && <span className="badge">Admin</span>}{' '}
          {user.disabled && <span className="badge admin-badge--danger">Disabled</span>}
        </span>
      </div>
      <dl className="admin-card__facts">
        <div>
          <dt>Name</dt>
          <dd>{user.displayName ?? '—'}</dd>
        </div>
        <div>
          <dt>Shop</dt>
          <dd>{user.shopUrl ? `/${user.shopUrl}` : 'None'}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{PLAN_LABELS[user.plan]}</dd>
        </div>
        <div>
          <dt>Sign-in</dt>
          <dd>{user.signInMethods.map((m) => METHOD_LABELS[m]).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </div>
        <div>
          <dt>Last active</dt>
          <dd>{user.lastActiveAt ? timeAgo(user.lastActiveAt) : 'Not known'}</dd>
        </div>
        <div>
          <dt>Products</dt>
          <dd>{user.productCount.toLocaleString('en-IN')}</dd>
        </div>
      </dl>
      {user.disabled && (
        <p className="admin-card__hold">
          Disabled {formatDateTime(user.disabled.at)}: {user.disabled.reason}
        </p>
      )}
      <div className="admin-card__plan">
        <label htmlFor={planId}>Plan of {name}</label>
        <select
          id={planId}
          className="field__input"
          value={plan}
          onChange={(event) => setPlan(event.target.value as UserPlan)}
        >
          <option value="free">Free</option>
          <option value="premium">Premium</option>
        </select>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={plan === user.plan || planState.isLoading}
          onClick={() => void changePlan()}
        >
          {planState.isLoading ? 'Changing…' : 'Change plan'}
        </button>
      </div>
      <div className="admin-card__actions">
        {user.disabled ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={enableState.isLoading}
            aria-label={`Enable ${user.email}`}
            onClick={() => void reenable()}
          >
            {enableState.isLoading ? 'Enabling…' : 'Enable'}
          </button>
        ) : (
          // An admin account cannot be disabled (the API refuses it too).
          user.role !== 'admin' && (
            <button
              type="button"
              className="button button--danger button--small"
              aria-label={`Disable ${user.email}`}
              onClick={() => setDisabling(true)}
            >
              Disable
            </button>
          )
        )}
        {!user.disabled && user.role !== 'admin' && (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={impersonateState.isLoading}
            aria-label={`Act as user ${user.email}`}
            onClick={() => void actAs()}
          >
            {impersonateState.isLoading ? 'Creating link…' : 'Act as user'}
          </button>
        )}
      </div>
      {link && (
        <div className="admin-link" role="status">
          <p className="admin-card__title">
            Sign-in link for {user.email} (single use, until {formatDateTime(link.expiresAt)})
          </p>
          <code>{link.loginUrl}</code>
          <p className="admin-link__hint">
            Opening it signs this browser in as them until you sign out: copy it into a private
            window to keep your own session here.
          </p>
          <div className="admin-card__actions">
            <a
              className="button button--primary button--small"
              href={link.loginUrl}
              target="_blank"
              rel="noreferrer"
            >
              Open as {user.email}
            </a>
            <CopyButton text={link.loginUrl} label="Copy link" />
          </div>
        </div>
      )}
      {disabling && (
        <ReasonDialog
          title={`Disable ${user.email}?`}
          description="They are signed out everywhere and cannot sign in; their shop and products are no longer shown to visitors. You can enable the account again."
          confirmLabel="Disable account"
          busyLabel="Disabling…"
          busy={disableState.isLoading}
          onConfirm={(reason) => void confirmDisable(reason)}
          onCancel={() => setDisabling(false)}
        />
      )}
    </li>
  );
}
