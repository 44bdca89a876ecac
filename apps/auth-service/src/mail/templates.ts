import type { Language } from '@parley/contracts';

/** One mail per kind of link (see EmailTokenPurpose). */
export type AccountMail = 'verify-email' | 'choose-password' | 'reset-password';

interface MailText {
  subject: string;
  intro: string;
  action: string;
  expiry: string;
  ignore: string;
}

const TEXTS: Record<AccountMail, Record<Language, MailText>> = {
  'verify-email': {
    en: {
      subject: 'Verify your email for Parley',
      intro: 'Welcome to Parley! Please confirm your email address to activate your account.',
      action: 'Verify Email',
      expiry: 'This link is valid for 24 hours and can be used once.',
      ignore: 'If you did not create a Parley account, you can ignore this email.',
    },
    ar: {
      subject: 'تأكيد بريدك الإلكتروني في Parley',
      intro: 'مرحبًا بك في Parley! يرجى تأكيد عنوان بريدك الإلكتروني لتفعيل حسابك.',
      action: 'تأكيد البريد الإلكتروني',
      expiry: 'هذا الرابط صالح لمدة 24 ساعة ويمكن استخدامه مرة واحدة.',
      ignore: 'إذا لم تقم بإنشاء حساب في Parley، يمكنك تجاهل هذه الرسالة.',
    },
    es: {
      subject: 'Verifica tu correo en Parley',
      intro: '¡Bienvenido a Parley! Confirma tu dirección de correo para activar tu cuenta.',
      action: 'Verificar correo',
      expiry: 'Este enlace es válido durante 24 horas y solo puede usarse una vez.',
      ignore: 'Si no creaste una cuenta en Parley, puedes ignorar este correo.',
    },
  },
  'choose-password': {
    en: {
      subject: 'Choose your Parley password',
      intro:
        'Someone signed up for Parley again with this email address, so we cannot tell which password is yours. Choose your password to verify your email and activate your account.',
      action: 'Choose Password',
      expiry: 'This link is valid for 24 hours and can be used once.',
      ignore:
        'If you did not sign up for Parley, you can ignore this email: nobody can log in with this address until this link is used.',
    },
    ar: {
      subject: 'اختر كلمة مرور Parley',
      intro:
        'قام شخص ما بالتسجيل في Parley مرة أخرى بعنوان البريد الإلكتروني هذا، لذا لا يمكننا معرفة أي كلمة مرور تخصك. اختر كلمة مرورك لتأكيد بريدك الإلكتروني وتفعيل حسابك.',
      action: 'اختيار كلمة المرور',
      expiry: 'هذا الرابط صالح لمدة 24 ساعة ويمكن استخدامه مرة واحدة.',
      ignore:
        'إذا لم تقم بالتسجيل في Parley، يمكنك تجاهل هذه الرسالة: لا يمكن لأحد تسجيل الدخول بهذا العنوان قبل استخدام هذا الرابط.',
    },
    es: {
      subject: 'Elige tu contraseña de Parley',
      intro:
        'Alguien se ha registrado de nuevo en Parley con esta dirección de correo, así que no podemos saber qué contraseña es la tuya. Elige tu contraseña para verificar tu correo y activar tu cuenta.',
      action: 'Elegir contraseña',
      expiry: 'Este enlace es válido durante 24 horas y solo puede usarse una vez.',
      ignore:
        'Si no te registraste en Parley, puedes ignorar este correo: nadie podrá iniciar sesión con esta dirección hasta que se use este enlace.',
    },
  },
  'reset-password': {
    en: {
      subject: 'Reset your Parley password',
      intro: 'We received a request to reset the password of your Parley account.',
      action: 'Reset Password',
      expiry: 'This link is valid for 1 hour and can be used once. Resetting signs you out everywhere.',
      ignore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
    },
    ar: {
      subject: 'إعادة تعيين كلمة مرور Parley',
      intro: 'تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك في Parley.',
      action: 'إعادة تعيين كلمة المرور',
      expiry:
        'هذا الرابط صالح لمدة ساعة واحدة ويمكن استخدامه مرة واحدة. إعادة التعيين تسجّل خروجك من كل الأجهزة.',
      ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.',
    },
    es: {
      subject: 'Restablece tu contraseña de Parley',
      intro: 'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Parley.',
      action: 'Restablecer contraseña',
      expiry:
        'Este enlace es válido durante 1 hora y solo puede usarse una vez. Al restablecerla se cerrarán todas tus sesiones.',
      ignore: 'Si no lo solicitaste, puedes ignorar este correo; tu contraseña no cambiará.',
    },
  },
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(kind: AccountMail, language: Language, link: string): RenderedMail {
  const t = TEXTS[kind][language];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const text = `${t.intro}\n\n${t.action}: ${link}\n\n${t.expiry}\n${t.ignore}\n`;
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#666">${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
