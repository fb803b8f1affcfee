import { PASSWORD_CHECKS } from '@kartlink/contracts';
import { CheckIcon, CircleIcon } from '../../../components/icons';
import './PasswordChecklist.css';

interface PasswordChecklistProps {
  /** For the password field's aria-describedby. */
  id: string;
  password: string;
}

/** SPEC section 5: the live checklist of password rules, each ticked once it is met. */
export function PasswordChecklist({ id, password }: PasswordChecklistProps) {
  return (
    <ul id={id} className="password-checklist" aria-label="Password requirements">
      {PASSWORD_CHECKS.map((check) => {
        const met = check.test(password);
        return (
          <li
            key={check.label}
            className={met ? 'password-checklist__item is-met' : 'password-checklist__item'}
          >
            {met ? <CheckIcon width={16} height={16} /> : <CircleIcon width={16} height={16} />}
            {check.label}
            <span className="visually-hidden">{met ? ' (done)' : ' (not yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
