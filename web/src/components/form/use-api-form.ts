import { useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '@/lib/api/errors';

/** Messages under fields, by the form's field name or by the server's where the two differ. */
export type FieldErrors = Partial<Record<string, string | undefined>>;

/** What a form says above its fields when a failure is not about one of them. */
export interface FormFailure {
  title?: string;
  message: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Mantine's own bound: an interface of values has no index signature.
type Values = Record<string, any>;

export interface ApiFormOptions<V extends Values, Result> extends Pick<
  UseFormInput<V>,
  'validateInputOnChange' | 'validateInputOnBlur' | 'onValuesChange'
> {
  initialValues: V;
  /** The form's own checks before anything is sent: a message per field that is wrong. */
  validate?: (values: V) => FieldErrors;
  /** Sends the values (a mutation's `mutateAsync`); its rejection is shown by the form. */
  submit: (values: V) => Promise<Result>;
  onSuccess?: (result: Result, values: V) => void;
  /**
   * The form-level message when no field has one: a fallback for the server's own message, or
   * the whole failure worked out from the error.
   */
  failure: string | ((error: unknown) => FormFailure);
  /** A form of one field says its failure under that field, not above the form. */
  failureField?: keyof V & string;
  /** The server's field names that are not the form's (`store_limit` shown under `storeLimit`). */
  serverFields?: Partial<Record<string, keyof V & string>>;
  /** Whether editing a field removes its message at once (the default). */
  clearErrorOnChange?: boolean;
}

export type ApiForm<V extends Values> = UseFormReturnType<V> & {
  /** The form-level failure shown above the fields, or null. */
  failure: FormFailure | null;
  /** True from the moment the values are sent until the server has answered. */
  pending: boolean;
  /** The `<form>`'s submit: the form's own checks, then one request at a time. */
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Shows a failure as a submission's would be (for a request sent outside `submit`). */
  showError: (error: unknown) => void;
};

/**
 * A field of one item of a list the form holds (`tiers.1.min_spend`): the server names it as
 * Mantine's form does, so its message goes under that item's input.
 */
function isListItemField(values: Values, name: string): boolean {
  const match = /^([^.]+)\.\d+\.[^.]+$/.exec(name);
  return match !== null && Array.isArray(values[match[1]!]);
}

/**
 * A form that sends its values to the API (spec section 8): field state through Mantine's form,
 * the form's own checks, the server's 422 messages under their fields (the first of each, already
 * in the request's language), the server's message (or a fallback) above the fields when no field
 * has one, and a submission that cannot be sent twice while the first is on its way.
 */
export function useApiForm<V extends Values, Result>(options: ApiFormOptions<V, Result>): ApiForm<V> {
  const { initialValues, serverFields = {}, validate } = options;
  const fieldOf = (name: string): string | undefined =>
    serverFields[name] ?? (name in initialValues || isListItemField(initialValues, name) ? name : undefined);
  const toFormErrors = (errors: FieldErrors): FormErrors => {
    const found: FormErrors = {};
    for (const [name, message] of Object.entries(errors)) {
      const field = message ? (fieldOf(name) ?? name) : undefined;
      if (field && !(field in found)) found[field] = message;
    }
    return found;
  };

  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: validate ? (values) => toFormErrors(validate(values)) : undefined,
    clearInputErrorOnChange: options.clearErrorOnChange ?? true,
    validateInputOnChange: options.validateInputOnChange,
    validateInputOnBlur: options.validateInputOnBlur,
    onValuesChange: options.onValuesChange,
  });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [pending, setPending] = useState(false);
  // A second Enter or tap comes before the button shows it is busy: the ref sees it at once.
  const inFlight = useRef(false);

  function showError(error: unknown) {
    const found: FieldErrors = {};
    if (error instanceof ApiError) {
      for (const [name, messages] of Object.entries(error.fieldErrors)) {
        if (fieldOf(name)) found[name] = messages[0];
      }
    }
    const fieldErrors = toFormErrors(found);
    if (Object.keys(fieldErrors).length > 0) {
      form.setErrors(fieldErrors);
      setFailure(null);
      return;
    }
    const shown =
      typeof options.failure === 'string'
        ? { message: messageOf(error, options.failure) }
        : options.failure(error);
    form.setErrors(options.failureField ? { [options.failureField]: shown.message } : {});
    setFailure(options.failureField ? null : shown);
  }

  function handleSubmit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (inFlight.current) return;
    setFailure(null);
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    inFlight.current = true;
    setPending(true);
    options
      .submit(values)
      .then(
        (result) => options.onSuccess?.(result, values),
        (error: unknown) => showError(error),
      )
      .finally(() => {
        inFlight.current = false;
        setPending(false);
      });
  }

  return { ...form, failure, pending, handleSubmit, showError };
}
