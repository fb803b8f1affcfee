import type { SetupSteps, Shop } from '@kartlink/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { CheckIcon } from '../../../components/icons';
import { Logo } from '../../../components/Logo';
import { Spinner } from '../../../components/Spinner';
import { useShopUrlAvailability } from '../../../hooks/use-shop-url-availability';
import {
  fieldErrorsOf,
  httpStatusOf,
  serverMessageOf,
  userFacingMessage,
} from '../../../lib/errors';
import { publicShopAddress } from '../../../lib/public-address';
import { useMyShopQuery, useUpdateShopSettingsMutation } from '../../../lib/shop-api';
import { BasicInfoStep } from '../components/BasicInfoStep';
import { ProfilePhotoStep } from '../components/ProfilePhotoStep';
import { ShopUrlStep } from '../components/ShopUrlStep';
import { celebrate } from '../utils/celebrate';
import { claimedShopUrl, forgetSetupClaims } from '../utils/claimed-url';
import { setupGateMemory } from '../utils/setup-gate';
import {
  completionBody,
  completionProblem,
  dataFromShop,
  startStep,
  stepSaveBody,
  validateStep,
  WIZARD_STEPS,
  WizardMessages,
  WizardTiming,
  type StepNumber,
  type WizardData,
} from '../utils/wizard';
import './ShopSetupPage.css';

const NO_STEPS: SetupSteps = { shopUrl: false, basicInfo: false, profilePhoto: false };

/** A refused save as the wizard shows it: the server's words, else `fallback`. */
function saveFailureMessage(error: unknown, fallback: string): string {
  return fieldErrorsOf(error)[0]?.msg ?? serverMessageOf(error) ?? fallback;
}

/** SPEC section 8: a check that breaks unexpectedly still answers, in words for people. */
function runCheck(check: () => string | undefined): string | undefined {
  try {
    return check();
  } catch {
    return WizardMessages.unexpected;
  }
}

/**
 * /shop/setup (SPEC sections 2 and 4): the first-time setup wizard. Loads the owner's shop (a
 * 404 means none yet), sends a finished shop on to its dashboard, and otherwise opens at the
 * first step not done.
 */
export function ShopSetupPage() {
  const { data: shop, error, isLoading, isFetching, refetch } = useMyShopQuery();
  const noShopYet = error !== undefined && httpStatusOf(error) === 404;
  // Once open, the wizard stays: its own last save completes the shop, and that is not a
  // reason to leave with 'already set up'.
  const [opened, setOpened] = useState(false);
  const canOpen = !isLoading && (noShopYet || (shop !== undefined && !shop.setupCompleted));
  if (canOpen && !opened) setOpened(true);
  if (opened) return <SetupWizard shop={shop ?? null} />;

  if (isLoading || (isFetching && !shop && !noShopYet)) {
    return (
      <div className="shop-setup__loading">
        <Spinner label={WizardMessages.checking} />
        <p aria-hidden="true">{WizardMessages.checking}</p>
      </div>
    );
  }
  if (error && !noShopYet) {
    return (
      <div className="shop-setup__loading">
        <FormAlert>{userFacingMessage(httpStatusOf(error), serverMessageOf(error))}</FormAlert>
        <button type="button" className="button button--primary" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (shop?.setupCompleted) return <AlreadySetUp />;
  return <SetupWizard shop={shop ?? null} />;
}

/** SPEC section 2: a finished shop has nothing to set up. */
function AlreadySetUp() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.success(WizardMessages.alreadySetUp, { id: 'shop-already-set-up' });
    void navigate('/dashboard/shop', { replace: true });
  }, [navigate]);
  return <Spinner label={WizardMessages.alreadySetUp} />;
}

function SetupWizard({ shop }: { shop: Shop | null }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [updateShop, { isLoading: saving }] = useUpdateShopSettingsMutation();

  const [step, setStep] = useState<StepNumber>(() => startStep(shop?.setupSteps));
  const [data, setData] = useState<WizardData>(() => {
    const saved = dataFromShop(shop);
    return saved.shopUrl
      ? saved
      : { ...saved, shopUrl: claimedShopUrl(searchParams.get('shopUrl')) };
  });
  const [done, setDone] = useState<SetupSteps>(shop?.setupSteps ?? NO_STEPS);
  const [stepError, setStepError] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<StepNumber | null>(null);
  const [advancing, setAdvancing] = useState(false);
  const [finished, setFinished] = useState(false);
  const [refused, setRefused] = useState(false);

  const availability = useShopUrlAvailability(data.shopUrl, { ownUrl: shop?.shopUrl });
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const firstField = useRef<HTMLInputElement>(null);
  const photoButton = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // Being here is what the setup gate asks for: it need not send this session again.
    setupGateMemory.markRedirected();
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // A new step puts the keyboard in its first field (not on the first render: the page's
  // heading comes first there).
  useEffect(() => {
    if (!moved.current) return;
    (firstField.current ?? photoButton.current)?.focus();
  }, [step]);

  const later = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };

  /** SPEC section 4: the step error belongs to its step. */
  const goTo = (next: StepNumber) => {
    moved.current = true;
    setStepError(null);
    setRefused(false);
    setStep(next);
  };

  const change = (field: keyof WizardData, value: string) => {
    setData((current) => ({ ...current, [field]: value }));
    setStepError(null);
  };

  const saveFailed = (message: string) => {
    setStepError(message);
    toast.error(message);
  };

  const next = async (current: 1 | 2) => {
    let problem = runCheck(() => validateStep(current, data));
    if (!problem && current === 1 && availability.kind === 'unavailable') {
      problem = availability.message;
    }
    if (problem) {
      setRefused(true);
      setStepError(problem);
      return;
    }
    setStepError(null);
    try {
      await updateShop(stepSaveBody(current, data)).unwrap();
    } catch (failure) {
      saveFailed(saveFailureMessage(failure, WizardMessages.saveFailed));
      return;
    }
    setDone((steps) => ({ ...steps, [WIZARD_STEPS[current - 1]!.flag]: true }));
    // SPEC section 9: the saved step shines for 1.5 s; the next one opens after 1.2 s.
    setHighlighted(current);
    setAdvancing(true);
    later(WizardTiming.highlightMs, () =>
      setHighlighted((shown) => (shown === current ? null : shown)),
    );
    later(WizardTiming.advanceMs, () => {
      setAdvancing(false);
      goTo((current + 1) as StepNumber);
    });
  };

  const complete = async () => {
    const problem = runCheck(() => completionProblem(data));
    if (problem) {
      setRefused(true);
      setStepError(problem);
      return;
    }
    setStepError(null);
    try {
      const saved = await updateShop(completionBody(data)).unwrap();
      if (!saved?.setupCompleted) throw new Error(WizardMessages.completeFailed);
    } catch (failure) {
      saveFailed(
        failure instanceof Error
          ? WizardMessages.completeFailed
          : saveFailureMessage(failure, WizardMessages.completeFailed),
      );
      return;
    }
    setDone({ shopUrl: true, basicInfo: true, profilePhoto: true });
    forgetSetupClaims();
    toast.success(WizardMessages.completed);
    celebrate(WizardTiming.confettiMs);
    setFinished(true);
    later(WizardTiming.redirectMs, () => void navigate('/dashboard', { replace: true }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || advancing || finished) return;
    void (step === 3 ? complete() : next(step));
  };

  const current = WIZARD_STEPS[step - 1]!;
  const busy = saving || advancing || finished;

  return (
    <div className="shop-setup">
      <div className="shop-setup__bar">
        <Logo />
      </div>

      <div className="shop-setup__header">
        <p className="eyebrow">
          Step {step} of {WIZARD_STEPS.length}
        </p>
        <h1>Set up your shop</h1>
        <p className="shop-setup__lead">
          Three short steps and your shop is online for everyone to visit.
        </p>
      </div>

      <div
        className="setup-progress"
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={1}
        aria-valuemax={WIZARD_STEPS.length}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${WIZARD_STEPS.length}: ${current.title}`}
      >
        <span
          className="setup-progress__bar"
          style={{ width: `${(step / WIZARD_STEPS.length) * 100}%` }}
        />
      </div>

      <ol className="setup-steps" aria-label="Setup steps">
        {WIZARD_STEPS.map((item) => {
          const isDone = done[item.flag];
          const classes = ['setup-steps__item'];
          if (item.step === step) classes.push('setup-steps__item--current');
          if (isDone) classes.push('setup-steps__item--done');
          if (highlighted === item.step) classes.push('setup-steps__item--saved');
          return (
            <li
              key={item.step}
              className={classes.join(' ')}
              aria-current={item.step === step ? 'step' : undefined}
            >
              <span className="setup-steps__mark" aria-hidden="true">
                {isDone ? <CheckIcon width={16} height={16} /> : item.step}
              </span>
              <span className="setup-steps__title">{item.title}</span>
              {isDone && <span className="visually-hidden"> (done)</span>}
            </li>
          );
        })}
      </ol>

      <form
        className={highlighted === step ? 'setup-card setup-card--saved' : 'setup-card'}
        onSubmit={submit}
        noValidate
      >
        <h2 id="setup-step-title" className="setup-card__title">
          {current.title}
        </h2>
        <p className="setup-card__lead">{current.lead}</p>

        {stepError && <FormAlert>{stepError}</FormAlert>}
        {highlighted === step && <FormAlert tone="success">Saved. On to the next step…</FormAlert>}

        {step === 1 && (
          <ShopUrlStep
            value={data.shopUrl}
            onChange={(value) => change('shopUrl', value)}
            availability={availability}
            inputRef={firstField}
          />
        )}
        {step === 2 && (
          <BasicInfoStep
            shopName={data.shopName}
            shopDescription={data.shopDescription}
            onChange={change}
            showAll={refused}
            inputRef={firstField}
          />
        )}
        {step === 3 && (
          <>
            <ProfilePhotoStep
              photoUrl={data.shopPhotoURL}
              onPhotoUrlChange={(value) => change('shopPhotoURL', value)}
              buttonRef={photoButton}
            />
            <p className="setup-card__address">
              Your shop will open at <strong>{publicShopAddress(data.shopUrl)}</strong>
            </p>
          </>
        )}

        <div className="setup-card__actions">
          {step > 1 && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => goTo((step - 1) as StepNumber)}
            >
              Back
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            {saving ? 'Saving…' : step === 3 ? 'Complete Setup' : 'Next'}
          </button>
        </div>
      </form>

      {finished && (
        <div className="setup-complete" role="status">
          <div className="setup-complete__card">
            <span className="setup-complete__icon" aria-hidden="true">
              <CheckIcon width={32} height={32} />
            </span>
            <h2>{WizardMessages.setupComplete}</h2>
            <p>Your shop is live. Taking you to your dashboard…</p>
          </div>
        </div>
      )}
    </div>
  );
}
