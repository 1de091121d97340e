import { SelectField, TextField } from './form-fields';

/** What every control of one filter bar reads. */
export type FilterSource<Name extends string> = {
  /** The applied filters (the URL's): each control starts at its own, as FilterBar's controls are uncontrolled. */
  values: Partial<Record<Name, string>>;
  /** The message under a filter that the server's schema refuses. */
  fieldError: (name: Name) => string | undefined;
};

type FilterFieldProps<Name extends string> = {
  source: FilterSource<Name>;
  /** The filter's name: the key FilterBar applies its value under. */
  name: NoInfer<Name>;
  label: string;
  testId: string;
  type?: 'text' | 'tel' | 'date';
  inputMode?: 'decimal' | 'numeric';
  /** A select of these options (in display order) instead of a text input. */
  options?: readonly { value: string; label: string }[];
};

/** One control of a filter bar: a labelled input (or select) named after its filter, at its applied value. */
export function FilterField<Name extends string>(props: FilterFieldProps<Name>) {
  const { source, name, label, testId, type, inputMode, options } = props;
  const field = { name, label, testId, defaultValue: source.values[name], error: source.fieldError(name) };
  return options ? (
    <SelectField {...field} options={options} />
  ) : (
    <TextField {...field} type={type} inputMode={inputMode} />
  );
}
