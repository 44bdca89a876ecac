import type { Language, MemberRole } from '@parley/contracts';
import { escapeHtml, type RenderedMail } from '../mail/templates';

interface Words {
  subject: (workspace: string) => string;
  intro: (inviter: string, workspace: string, role: string) => string;
  roles: Record<MemberRole, string>;
  action: string;
  expiry: string;
  ignore: string;
}

const WORDS: Record<Language, Words> = {
  en: {
    subject: (w) => `Join ${w} on Parley`,
    intro: (i, w, r) => `${i} invited you to join ${w} on Parley as ${r}.`,
    roles: { admin: 'an admin', agent: 'an agent' },
    action: 'Accept the invitation',
    expiry: 'This link is valid for 7 days and can be used once.',
    ignore: 'If you were not expecting this, you can ignore this email.',
  },
  ar: {
    subject: (w) => `انضم إلى ${w} في Parley`,
    intro: (i, w, r) => `دعاك ${i} للانضمام إلى ${w} في Parley بصفة ${r}.`,
    roles: { admin: 'مسؤول', agent: 'موظف دعم' },
    action: 'قبول الدعوة',
    expiry: 'هذا الرابط صالح لمدة 7 أيام ويمكن استخدامه مرة واحدة.',
    ignore: 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
  },
  es: {
    subject: (w) => `Únete a ${w} en Parley`,
    intro: (i, w, r) => `${i} te ha invitado a unirte a ${w} en Parley como ${r}.`,
    roles: { admin: 'administrador', agent: 'agente' },
    action: 'Aceptar la invitación',
    expiry: 'Este enlace es válido durante 7 días y solo puede usarse una vez.',
    ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
  },
};

/** The invitation mail, in the inviter's language: who invites, to which workspace, with which role. */
export function renderInvitationMail(
  language: Language,
  invitation: { inviterName: string; workspaceName: string; role: MemberRole },
  link: string,
): RenderedMail {
  const t = WORDS[language];
  const intro = t.intro(invitation.inviterName, invitation.workspaceName, t.roles[invitation.role]);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const text = `${intro}\n\n${t.action}: ${link}\n\n${t.expiry}\n${t.ignore}\n`;
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#666">${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>
</body></html>`;
  return { subject: t.subject(invitation.workspaceName), text, html };
}
