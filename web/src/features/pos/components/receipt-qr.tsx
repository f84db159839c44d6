import { QRCodeSVG } from 'qrcode.react';
import classes from './receipt.module.css';

interface ReceiptQrProps {
  url: string;
  /** What the code opens, in the page's language: the image's name for assistive technology. */
  label: string;
  testId?: string;
}

/**
 * A link as a QR code on the receipt, drawn as SVG so the paper gets sharp modules at any
 * printer's resolution. The quiet zone the standard asks for (4 modules) is part of the image,
 * so text printed close to it cannot confuse a phone's camera.
 */
export function ReceiptQr({ url, label, testId }: ReceiptQrProps) {
  return (
    <QRCodeSVG
      value={url}
      level="M"
      marginSize={4}
      role="img"
      aria-label={label}
      className={classes.qr}
      data-testid={testId}
    />
  );
}
