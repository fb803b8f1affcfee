import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form/TextField';
import type { DayRange } from '../../../lib/analytics-range';
import {
  customRangeErrors,
  PRESET_DAYS,
  type CustomRangeErrors,
  type RangeChoice,
} from '../utils/range-choice';

interface RangePickerProps {
  choice: RangeChoice;
  /** The days shown now: the custom form starts from them. */
  range: DayRange;
  today: string;
  onChoose: (choice: RangeChoice) => void;
}

/**
 * 7, 30 or 90 days with one tap, or any range of up to 366 days that ends by today. Give it a
 * key of the choice: a new choice starts it afresh.
 */
export function RangePicker({ choice, range, today, onChoose }: RangePickerProps) {
  const [customOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<CustomRangeErrors>({});

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problems = customRangeErrors(from, to, today);
    setErrors(problems);
    if (!problems.from && !problems.to) onChoose({ kind: 'custom', from, to });
  };

  return (
    <div className="range-picker">
      <div className="range-picker__presets" role="group" aria-label="Date range">
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            className="range-picker__option"
            aria-pressed={!customOpen && choice.kind === 'preset' && choice.days === days}
            onClick={() => {
              setCustomOpen(false);
              setErrors({});
              onChoose({ kind: 'preset', days });
            }}
          >
            {days} days
          </button>
        ))}
        <button
          type="button"
          className="range-picker__option"
          aria-pressed={customOpen || choice.kind === 'custom'}
          aria-expanded={customOpen}
          onClick={() => {
            setFrom(range.from);
            setTo(range.to);
            setErrors({});
            setCustomOpen((open) => !open);
          }}
        >
          Custom
        </button>
      </div>
      {customOpen && (
        <form
          className="range-picker__custom"
          aria-label="Custom date range"
          noValidate
          onSubmit={apply}
        >
          <TextField
            label="From"
            type="date"
            name="from"
            value={from}
            max={today}
            onValueChange={setFrom}
            error={errors.from}
          />
          <TextField
            label="To"
            type="date"
            name="to"
            value={to}
            max={today}
            onValueChange={setTo}
            error={errors.to}
          />
          <button type="submit" className="button button--primary">
            Apply
          </button>
        </form>
      )}
    </div>
  );
}
