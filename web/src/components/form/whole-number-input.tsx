import { TextInput, type TextInputProps } from '@mantine/core';

interface WholeNumberInputProps extends Omit<TextInputProps, 'type' | 'step' | 'inputMode' | 'min' | 'max'> {
  min: number;
  max: number;
}

/** A count between two bounds (stores, months, cards), typed on the phone's number keypad. */
export function WholeNumberInput(props: WholeNumberInputProps) {
  return <TextInput type="number" step={1} inputMode="numeric" {...props} />;
}
