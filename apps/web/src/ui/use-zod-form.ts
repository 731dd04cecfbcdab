import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { FORM_ERROR, fieldErrors, validateForm, type FieldIssue, type ZodFormSpec } from './zod-form';

/** A `@mantine/form` form checked by a domain contract, with the server's issues put on its fields. */
export type ZodForm<Values, Schema extends z.ZodType> = UseFormReturnType<Values, z.output<Schema>> & {
  /** Puts issues (a 400's `issues`) on the fields they belong to; returns the messages by field. */
  setIssues: (issues: readonly FieldIssue[]) => Record<string, string>;
  /** The message of issues that belong to no field, if any. */
  formError: string | null;
};

/**
 * The one way to write a form: `@mantine/form` in controlled mode, validated on submit by the
 * contract the server also applies. `form.onSubmit(handler)` calls `handler` with the parsed body
 * (the schema's output) only when the values pass; a field's message clears as it is edited.
 */
export function useZodForm<Values extends object, Schema extends z.ZodType>({
  schema,
  toInput,
  fieldOf,
  initialValues,
  ...options
}: ZodFormSpec<Values, Schema> & { initialValues: Values } & Pick<
    UseFormInput<Values>,
    'name' | 'clearInputErrorOnChange' | 'validateInputOnBlur' | 'validateInputOnChange' | 'onValuesChange'
  >): ZodForm<Values, Schema> {
  const spec = { schema, toInput, fieldOf };
  const form = useForm<Values, z.output<Schema>>({
    mode: 'controlled',
    ...options,
    initialValues,
    validate: (values) => validateForm(spec, values).errors ?? {},
    transformValues: (values) => schema.parse(toInput ? toInput(values) : values),
  });
  const formError = form.errors[FORM_ERROR];
  return {
    ...form,
    setIssues: (issues) => {
      const errors = fieldErrors(issues, fieldOf);
      form.setErrors(errors);
      return errors;
    },
    formError: typeof formError === 'string' ? formError : null,
  };
}
