import {
  OTP_VALIDITY_SECONDS,
  OtpPurpose,
  type AuthSession,
  type CodeSent,
} from '@kartlink/contracts';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { ArrowLeftIcon } from '../../../components/icons';
import { Spinner } from '../../../components/Spinner';
import { selectSessionStatus } from '../../../lib/auth-slice';
import { serverMessageOf } from '../../../lib/errors';
import { useGoogleSessionMutation } from '../api/session-api';
import { useAuthProvidersQuery } from '../api/sign-in-api';
import { AuthHero } from '../components/AuthHero';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { GoogleButton } from '../components/GoogleButton';
import { PhoneModal } from '../components/PhoneModal';
import { SignInForm } from '../components/SignInForm';
import { SignUpForm } from '../components/SignUpForm';
import { VerifyCodeForm } from '../components/VerifyCodeForm';
import { useSession } from '../hooks/use-session';
import { EMPTY_AUTH_VALUES, type AuthValues, type SetAuthValue } from '../utils/auth-values';
import { AuthScreenMessages } from '../utils/messages';
import {
  markNewUser,
  peekRedirectTarget,
  rememberClaimedShopUrl,
  setupPath,
  takeRedirectTarget,
} from '../utils/redirect';
import './AuthPage.css';

type View =
  | { name: 'signin' }
  | { name: 'signup' }
  | { name: 'forgot' }
  | { name: 'verify'; purpose: OtpPurpose; expiresInSeconds: number; sentAt: number };

type TabName = 'signin' | 'signup';

const HEADINGS: Record<View['name'], { title: string; lead: string }> = {
  signin: { title: 'Welcome back', lead: 'Sign in to manage your shop and product links.' },
  signup: {
    title: 'Create your account',
    lead: 'Open your shop and share one link for every store you sell on.',
  },
  forgot: {
    title: 'Reset your password',
    lead: 'Tell us the e-mail address of your account and we will send you a code.',
  },
  verify: { title: 'Check your e-mail', lead: 'One more step and you are in.' },
};

/**
 * What Google's answer left in the address: #google=signed-in&redirect=…&newUser=1 or #error=…
 * The sign-in token itself is an HttpOnly cookie of this browser: a token in an address (one
 * anyone could send) is never exchanged.
 */
function readGoogleAnswer(hash: string) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const signedIn = params.get('google') === 'signed-in';
  const error = params.get('error');
  if (!signedIn && error === null) return null;
  return {
    signedIn,
    redirect: params.get('redirect'),
    newUser: params.get('newUser') === '1',
    error,
  };
}

const MAX_SHOWN_ERROR_LENGTH = 200;

/**
 * The gateway writes its #error messages for people; a bare provider code or an overlong text
 * (anyone can put text in a link) gets a message of ours.
 */
function googleErrorMessage(error: string): string {
  if (/^access_denied$/i.test(error.trim())) return AuthScreenMessages.googleCancelled;
  const text = error.trim();
  return text.length > 5 && text.length <= MAX_SHOWN_ERROR_LENGTH
    ? text
    : AuthScreenMessages.googleFailed;
}

/**
 * /auth (SPEC section 2): sign in, sign up, forgot password and code verification, the
 * Google sign-in and its phone step. A signed-in user is sent on to where they were going.
 */
export function AuthPage() {
  const status = useSelector(selectSessionStatus);
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { data: providers } = useAuthProvidersQuery();
  const [googleSession] = useGoogleSessionMutation();

  const [googleAnswer] = useState(() => readGoogleAnswer(location.hash));
  const [view, setView] = useState<View>(() =>
    searchParams.get('tab') === 'signup' ? { name: 'signup' } : { name: 'signin' },
  );
  const [values, setValues] = useState<AuthValues>(EMPTY_AUTH_VALUES);
  const [notice, setNotice] = useState<string | null>(null);
  const [googleError, setGoogleError] = useState<string | null>(null);
  const [claimedShopUrl] = useState(() => rememberClaimedShopUrl(searchParams.get('shopUrl')));
  /** This page is signing the user in itself and decides where they go next. */
  const [handingOff, setHandingOff] = useState(Boolean(googleAnswer?.signedIn));
  const [askPhone, setAskPhone] = useState(false);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabRefs = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});
  const moveFocus = useRef<'heading' | 'tab' | null>(null);
  const exchanged = useRef(false);
  const baseId = useId();
  const tabId = (tab: TabName) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;
  const headingId = `${baseId}-heading`;

  const setValue: SetAuthValue = useCallback((field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const go = (next: View, focus: 'heading' | 'tab' = 'heading') => {
    moveFocus.current = focus;
    setGoogleError(null);
    setView(next);
  };

  // Focus follows the screen: a new step puts the reader at its heading (the code step
  // focuses its code field itself); a tab keeps focus on the tab that was chosen.
  useEffect(() => {
    const focus = moveFocus.current;
    moveFocus.current = null;
    if (focus === 'heading' && view.name !== 'verify') headingRef.current?.focus();
    if (focus === 'tab' && (view.name === 'signin' || view.name === 'signup')) {
      tabRefs.current[view.name]?.focus();
    }
  }, [view]);

  // A signed-in user has nothing to do here.
  useEffect(() => {
    if (status === 'signedIn' && !handingOff) {
      void navigate(takeRedirectTarget(location.state), { replace: true });
    }
  }, [status, handingOff, navigate, location.state]);

  const finishSignIn = (signedIn: AuthSession, { newAccount }: { newAccount: boolean }) => {
    setHandingOff(true);
    session.startSession(signedIn);
    if (newAccount) {
      markNewUser();
      toast.success(AuthScreenMessages.accountCreated);
      void navigate(setupPath(), { replace: true });
    } else {
      void navigate(takeRedirectTarget(location.state), { replace: true });
    }
  };

  // Back from Google: trade the one-time token of the cookie for a session, once, and clean
  // the address.
  useEffect(() => {
    if (!googleAnswer) return;
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
    if (googleAnswer.error !== null) {
      setGoogleError(googleErrorMessage(googleAnswer.error));
      return;
    }
    if (!googleAnswer.signedIn || exchanged.current) return;
    exchanged.current = true;
    // A session being restored from an older cookie must not land after the new one.
    session
      .restore()
      .then(() => googleSession().unwrap())
      .then((signedIn) => {
        session.startSession(signedIn);
        if (googleAnswer.newUser || signedIn.isNewUser) {
          markNewUser();
          setAskPhone(true);
        } else {
          void navigate(takeRedirectTarget(location.state, googleAnswer.redirect), {
            replace: true,
          });
        }
      })
      .catch((error: unknown) => {
        setHandingOff(false);
        setGoogleError(serverMessageOf(error) ?? AuthScreenMessages.googleFailed);
      });
    // Runs once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onCodeSent = (purpose: OtpPurpose) => (sent: CodeSent) => {
    setValue('otp', '');
    go({
      name: 'verify',
      purpose,
      expiresInSeconds: sent.expiresInSeconds || OTP_VALIDITY_SECONDS,
      sentAt: Date.now(),
    });
  };

  const back = () => {
    if (view.name === 'verify') {
      go({ name: view.purpose === OtpPurpose.registration ? 'signup' : 'forgot' });
    } else {
      go({ name: 'signin' });
    }
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: TabName =
      event.key === 'Home'
        ? 'signin'
        : event.key === 'End'
          ? 'signup'
          : view.name === 'signin'
            ? 'signup'
            : 'signin';
    go({ name: next }, 'tab');
  };

  if (status === 'restoring' || (handingOff && !askPhone)) {
    return <Spinner label={status === 'restoring' ? 'Checking your session' : 'Signing you in'} />;
  }

  const heading = HEADINGS[view.name];
  const isTab = view.name === 'signin' || view.name === 'signup';

  return (
    <div className="auth-page container">
      <section className="auth-card" aria-labelledby={headingId}>
        {!isTab && (
          <button type="button" className="back-link auth-card__back" onClick={back}>
            <ArrowLeftIcon width={18} height={18} />
            Back
          </button>
        )}
        <h1 id={headingId} ref={headingRef} tabIndex={-1} className="auth-card__title">
          {heading.title}
        </h1>
        <p className="auth-card__lead">{heading.lead}</p>

        {isTab && (
          <div className="auth-tabs" role="tablist" aria-label="Sign in or sign up">
            {(['signin', 'signup'] as const).map((tab) => (
              <button
                key={tab}
                ref={(element) => {
                  tabRefs.current[tab] = element;
                }}
                id={tabId(tab)}
                type="button"
                role="tab"
                className="auth-tabs__tab"
                aria-selected={view.name === tab}
                aria-controls={panelId}
                tabIndex={view.name === tab ? 0 : -1}
                onClick={() => view.name !== tab && go({ name: tab }, 'tab')}
                onKeyDown={onTabKeyDown}
              >
                {tab === 'signin' ? 'Sign in' : 'Sign up'}
              </button>
            ))}
          </div>
        )}

        <div
          id={panelId}
          className="auth-card__panel"
          {...(isTab ? { role: 'tabpanel', 'aria-labelledby': tabId(view.name as TabName) } : {})}
        >
          {googleError && <FormAlert>{googleError}</FormAlert>}
          {view.name === 'signin' && (
            <SignInForm
              values={values}
              setValue={setValue}
              notice={notice}
              onForgotPassword={() => go({ name: 'forgot' })}
              // A password login never creates the account: it goes where the user was going.
              onSignedIn={(signedIn) => finishSignIn(signedIn, { newAccount: false })}
            />
          )}
          {view.name === 'signup' && (
            <SignUpForm
              values={values}
              setValue={setValue}
              claimedShopUrl={claimedShopUrl}
              onCodeSent={onCodeSent(OtpPurpose.registration)}
            />
          )}
          {view.name === 'forgot' && (
            <ForgotPasswordForm
              values={values}
              setValue={setValue}
              onCodeSent={onCodeSent(OtpPurpose.passwordReset)}
            />
          )}
          {view.name === 'verify' && (
            <VerifyCodeForm
              key={view.sentAt}
              purpose={view.purpose}
              values={values}
              setValue={setValue}
              expiresInSeconds={view.expiresInSeconds}
              onSignedUp={(signedIn) => finishSignIn(signedIn, { newAccount: true })}
              onPasswordReset={() => {
                // SPEC section 4: back to sign-in with the new password filled in.
                setValues((current) => ({
                  ...current,
                  password: current.newPassword,
                  newPassword: '',
                  otp: '',
                }));
                setNotice(AuthScreenMessages.passwordReset);
                go({ name: 'signin' });
              }}
            />
          )}
          {isTab && providers?.google && (
            <GoogleButton
              label={view.name === 'signup' ? 'Sign up with Google' : 'Continue with Google'}
              redirect={peekRedirectTarget(location.state)}
            />
          )}
        </div>
      </section>
      <AuthHero />
      {askPhone && <PhoneModal onDone={() => void navigate(setupPath(), { replace: true })} />}
    </div>
  );
}
