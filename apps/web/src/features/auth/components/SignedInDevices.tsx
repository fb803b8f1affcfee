import type { DeviceSession } from '@kartlink/contracts';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { Spinner } from '../../../components/Spinner';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { timeAgo } from '../../../lib/relative-time';
import {
  useSignedInDevicesQuery,
  useSignOutDeviceMutation,
  useSignOutOtherDevicesMutation,
} from '../api/devices-api';
import './SignedInDevices.css';

const signedInOn = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** The device and its place, as the buttons and the toasts name it: "Chrome on Android in Kolkata". */
const nameOf = (device: DeviceSession) =>
  device.place ? `${device.device} in ${device.place}` : device.device;

const failure = (error: unknown) => userFacingMessage(httpStatusOf(error), serverMessageOf(error));

/**
 * The account page's "Signed-in devices": every device signed in to the account, this one
 * marked, each other with its own "Sign out", and "Sign out of all other devices".
 */
export function SignedInDevices() {
  const { data: devices, error, isLoading, refetch } = useSignedInDevicesQuery();
  const [signOutDevice, { isLoading: signingOut, originalArgs: leavingId }] =
    useSignOutDeviceMutation();
  const [signOutOthers, { isLoading: signingOutOthers }] = useSignOutOtherDevicesMutation();
  const busy = signingOut || signingOutOthers;
  const others = devices?.filter((device) => !device.current) ?? [];

  const end = async (device: DeviceSession) => {
    try {
      await signOutDevice(device.id).unwrap();
      toast.success(`Signed out of ${nameOf(device)}.`);
    } catch (err) {
      // Already gone (signed out elsewhere, or idle): the list catches up.
      if (httpStatusOf(err) === 404) void refetch();
      toast.error(failure(err));
    }
  };

  const endOthers = async () => {
    try {
      const { ended } = await signOutOthers().unwrap();
      toast.success(
        ended === 1 ? 'Signed out of 1 other device.' : `Signed out of ${ended} other devices.`,
      );
    } catch (err) {
      toast.error(failure(err));
    }
  };

  return (
    <section className="card account-section" aria-labelledby="account-devices">
      <h2 id="account-devices" className="card__title">
        Signed-in devices
      </h2>
      <p className="account-section__text">
        Where your account is signed in. Places come from each device’s time zone, so they are
        approximate. Sign out any device you do not recognise, then change your password.
      </p>
      {isLoading && <Spinner label="Loading your devices" />}
      {error && (
        <FormAlert>
          {failure(error)}{' '}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        </FormAlert>
      )}
      {devices && (
        <ul className="devices" aria-label="Signed-in devices">
          {devices.map((device) => (
            <li key={device.id} className="devices__item">
              <div className="devices__about">
                <p className="devices__name">
                  {device.device}
                  {device.current && <span className="badge">This device</span>}
                </p>
                <p className="devices__detail">
                  {device.place ?? 'Place unknown'} · Signed in{' '}
                  {signedInOn.format(new Date(device.createdAt))}
                </p>
                <p className="devices__detail">
                  {device.current ? 'Active now' : `Last active ${timeAgo(device.lastUsedAt)}`}
                </p>
              </div>
              {!device.current && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Sign out ${nameOf(device)}`}
                  disabled={busy}
                  onClick={() => void end(device)}
                >
                  {signingOut && leavingId === device.id ? 'Signing out…' : 'Sign out'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div className="account-section__actions">
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => void endOthers()}
          >
            {signingOutOthers ? 'Signing out…' : 'Sign out of all other devices'}
          </button>
        </div>
      )}
    </section>
  );
}
