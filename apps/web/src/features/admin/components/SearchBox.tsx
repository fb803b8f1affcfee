import { TextField } from '../../../components/form/TextField';

interface SearchBoxProps {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field of a console section: searches as the admin types (role="search"). */
export function SearchBox({ label, hint, value, onChange }: SearchBoxProps) {
  return (
    <form role="search" className="admin-search" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label={label}
        type="search"
        value={value}
        onValueChange={onChange}
        hint={hint}
        autoComplete="off"
        spellCheck={false}
      />
    </form>
  );
}
