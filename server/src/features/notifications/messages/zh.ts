import type { TEmailMessageId } from './en.js';

/** Kaleido's e-mails in Simplified Chinese. */
export const emailZh: Record<TEmailMessageId, string> = {
  'email.layout.greeting': '{name}，你好！',
  'email.layout.row': '{label}：{value}',
  'email.layout.settings': '邮件设置',
  'email.layout.unsubscribe': '退订',
  'email.layout.reason.security': '这是一封安全通知：无论你的邮件设置如何，Kaleido 都会发送此类邮件。',
  'email.layout.reason.notifications': '你收到这封邮件，是因为你在 Kaleido 设置中开启了邮件通知。',
  'email.layout.reason.marketing': '你收到这封邮件，是因为你同意接收 Kaleido 的产品动态。',

  'email.label.prompt': '提示词',
  'email.label.ended': '结束时间',
  'email.label.finished': '完成时间',
  'email.label.item': '项目',
  'email.label.amount': '金额',
  'email.label.credits': '积分',
  'email.label.invoice': '发票编号',
  'email.label.date': '日期',
  'email.label.paidWith': '付款方式',
  'email.label.currentPlan': '当前套餐',
  'email.label.newPlan': '新套餐',
  'email.label.takesEffect': '生效时间',
  'email.label.when': '时间',
  'email.label.ipAddress': 'IP 地址',
  'email.label.device': '设备',

  'email.jobFailed.title':
    '{kind, select, image {你的图片未能生成} model {你的 3D 物体未能生成} other {你的视频未能生成}}',
  'email.jobFailed.fallback':
    '{kind, select, image {Kaleido 未能完成你的图片。} model {Kaleido 未能完成你的 3D 物体。} other {Kaleido 未能完成你的视频。}}',
  'email.jobFailed.reason.contentPolicy': '提示词未通过模型的安全审核。',
  'email.jobFailed.reason.timeout': '生成耗时过长，已被停止。',
  'email.jobFailed.reason.busy': '模型服务商当前繁忙或无法使用。',
  'email.jobFailed.reason.invalidInput': '模型不支持这些设置。',
  'email.jobFailed.reason.outputExpired': 'Kaleido 保存结果之前，结果已在服务商处过期。',
  'email.jobFailed.reason.interrupted': '生成过程被中断。',
  'email.jobFailed.refund': '预扣的积分已退回你的余额。你可以使用相同的提示词再试一次。',
  'email.jobFailed.action': '重试',

  'email.jobReady.title':
    '{kind, select, image {你的图片已生成} model {你的 3D 物体已生成} other {你的视频已生成}}',
  'email.jobReady.inLibrary':
    '{kind, select, image {你要的图片已生成，并已保存到你的作品库。} model {你要的 3D 物体已生成，并已保存到你的作品库。} other {你要的视频已生成，并已保存到你的作品库。}}',
  'email.jobReady.unsaved':
    '{kind, select, image {你要的图片已生成。} other {你要的视频已生成。}}自动保存已关闭：请在 {days, plural, other {# 天}}内从生成器的历史记录中保存，否则将无法保留。',
  'email.jobReady.openGenerator': '打开生成器',
  'email.jobReady.openLibrary': '在作品库中查看',

  'email.creditsLow.subject': '你的 Kaleido 积分即将用完',
  'email.creditsLow.preheader': '{count, plural, other {剩余 # 积分。}}',
  'email.creditsLow.heading': '你的积分即将用完',
  'email.creditsLow.body': '{count, plural, other {你还剩 # 积分。}}购买积分包或更换套餐，即可继续创作。',
  'email.creditsLow.action': '查看套餐和积分包',

  'email.receipt.subject': 'Kaleido 收据 {number}',
  'email.receipt.heading.pack': '感谢你的购买',
  'email.receipt.heading.plan': '你已升级到 {plan} 套餐',
  'email.receipt.heading.renewal': '你的 {plan} 套餐已续费',
  'email.receipt.body.pack': '你的积分包已付款，积分现在即可使用。',
  'email.receipt.body.plan': '你的升级已付款并立即生效：新的计费月从今天开始。',
  'email.receipt.body.renewal': '你的套餐已续费一个月，每月积分已重置。',
  'email.receipt.item.pack': '{credits, plural, other {# 积分}}',
  'email.receipt.item.packBonus': '{credits, plural, other {# 积分}} + 赠送 {bonus, number}',
  'email.receipt.item.plan': '升级到 {plan}（{credits, plural, other {每月 # 积分}}）',
  'email.receipt.item.renewal': '{plan} 套餐，按月续费',
  'email.receipt.credits.pack': '{total, plural, other {# 积分}}已添加到你的余额',
  'email.receipt.credits.packBonus':
    '{total, plural, other {# 积分}}（{credits, number} + 赠送 {bonus, number}）已添加到你的余额',
  'email.receipt.credits.monthly': '{credits, plural, other {每月 # 积分}}',
  'email.receipt.card': '{brand}，尾号 {last4}',
  'email.billing.action.view': '查看账单',
  'email.billing.action.update': '更新付款信息',

  'email.downgrade.subject': '你的套餐将于 {date} 变更为 {plan}',
  'email.downgrade.preheader': '在本计费月结束前，你仍可使用 {plan}。',
  'email.downgrade.heading': '你的套餐将变更为 {plan}',
  'email.downgrade.body':
    '在本计费月结束前，你仍可使用 {from} 套餐及其积分。此后你将改用 {to}，{credits, plural, other {每月 # 积分}}。此次变更不收取任何费用。',
  'email.downgrade.undo': '改变主意了？在此之前重新选择当前套餐即可保留。',

  'email.planChanged.subject': '你现在使用的是 {plan} 套餐',
  'email.planChanged.preheader': '{credits, plural, other {每月 # 积分。}}',
  'email.planChanged.body':
    '你预定的套餐变更已随新的计费月生效：{credits, plural, other {每月 # 积分}}。你购买的积分将继续保留。',
  'email.renewalFailed.subject': '你的 {plan} 套餐续费失败',
  'email.renewalFailed.preheader': '你的账户已转为 {plan} 套餐。',
  'email.renewalFailed.body':
    '我们未能从你的银行卡扣取新计费月的费用，因此你的账户已转为 {plan} 套餐，{credits, plural, other {每月 # 积分}}。你购买的积分将继续保留。',
  'email.renewalFailed.bodyWithReason':
    '我们未能从你的银行卡扣取新计费月的费用（{reason}），因此你的账户已转为 {plan} 套餐，{credits, plural, other {每月 # 积分}}。你购买的积分将继续保留。',
  'email.renewalFailed.noCard': '没有已保存的银行卡',
  'email.renewalFailed.again': '添加或更新银行卡，并重新选择 {plan}，即可恢复相应积分。',

  'email.security.passwordChanged.subject': '你的 Kaleido 密码已更改',
  'email.security.passwordChanged.heading': '你的密码已更改',
  'email.security.passwordChanged.happened': '你的 Kaleido 账户密码已更改，其他会话均已退出登录。',
  'email.security.passwordReset.subject': '你的 Kaleido 密码已重置',
  'email.security.passwordReset.heading': '你的密码已重置',
  'email.security.passwordReset.happened':
    '你的 Kaleido 账户密码已通过邮件中的链接重置，所有会话均已退出登录。',
  'email.security.twoFactorEnabled.subject': '两步验证已开启',
  'email.security.twoFactorEnabled.heading': '两步验证已开启',
  'email.security.twoFactorEnabled.happened': '现在登录你的 Kaleido 账户需要输入身份验证器应用中的验证码。',
  'email.security.twoFactorDisabled.subject': '两步验证已关闭',
  'email.security.twoFactorDisabled.heading': '两步验证已关闭',
  'email.security.twoFactorDisabled.happened': '现在登录你的 Kaleido 账户不再需要身份验证器应用中的验证码。',
  'email.security.passkeyAdded.subject': '你的 Kaleido 账户添加了新的通行密钥',
  'email.security.passkeyAdded.heading': '已添加新的通行密钥',
  'email.security.passkeyAdded.happened': '现在可以使用一个新的通行密钥登录你的 Kaleido 账户。',
  'email.security.recoveryCodeUsed.subject': '你的 Kaleido 恢复码已被使用',
  'email.security.recoveryCodeUsed.heading': '有人使用恢复码登录了你的账户',
  'email.security.recoveryCodeUsed.happened': '你的一个一次性恢复码已被用于登录你的 Kaleido 账户。',
  'email.security.passkeyRemoved.subject': '你的 Kaleido 账户移除了一个通行密钥',
  'email.security.passkeyRemoved.heading': '已移除一个通行密钥',
  'email.security.passkeyRemoved.happened': '你的一个通行密钥已无法再登录你的 Kaleido 账户。',
  'email.security.recoveryCodesRegenerated.subject': '已为你的 Kaleido 账户生成新的恢复码',
  'email.security.recoveryCodesRegenerated.heading': '已生成新的恢复码',
  'email.security.recoveryCodesRegenerated.happened': '你的账户有了一组新的十个恢复码，之前的恢复码已失效。',
  'email.security.twoFactorReset.subject': '你的 Kaleido 账户的两步验证已被重置',
  'email.security.twoFactorReset.heading': '管理员重置了你的两步验证',
  'email.security.twoFactorReset.happened':
    '管理员移除了你的身份验证器应用、恢复码、通行密钥和受信任设备。现在你只需密码即可登录；你可以在“设置”中重新设置两步验证。',
  'email.security.advice': '如果是你本人操作，则无需任何处理。如果不是，请立即重置密码并检查你的账户。',
  'email.security.action': '检查你的账户',

  'email.accountLinked.subject': '{provider} 登录已关联到你的 Kaleido 账户',
  'email.accountLinked.heading': '{provider} 登录已关联',
  'email.accountLinked.happened': '现在可以使用 {provider} 登录你的 Kaleido 账户（{email}）。',
  'email.accountLinked.passwordRemoved':
    '此邮箱地址此前尚未验证，因此该账户设置的密码已被移除，其他会话也已退出登录。如需再次使用密码登录，请在登录页面选择“忘记密码？”。',
  'email.accountLinked.advice': '如果这不是你本人操作，请重置密码并联系 Kaleido 管理员。',
  'email.accountLinked.action': '前往登录',

  // 账户的 Webhook 地址因持续失败被停用。
  'email.webhookDisabled.subject': '你的 Kaleido Webhook 地址已被停用',
  'email.webhookDisabled.heading': 'Webhook 投递已停止',
  'email.webhookDisabled.happened':
    'Kaleido 已停止向 {url} 发送事件：连续数天的投递全部失败，或该地址返回了 410 Gone。',
  'email.webhookDisabled.advice':
    '请确认接收端在线并返回 2xx 状态码，然后在设置中重新保存该地址以恢复投递。投递日志中可查看每次尝试。',
  'email.webhookDisabled.action': '打开投递日志',

  'email.passwordReset.subject': '重置你的 Kaleido 密码',
  'email.passwordReset.preheader': '{minutes, plural, other {链接在 # 分钟内有效。}}',
  'email.passwordReset.heading': '重置密码',
  'email.passwordReset.asked': '有人（希望是你本人）申请重置你的 Kaleido 账户密码。',
  'email.passwordReset.within': '{minutes, plural, other {请在 # 分钟内打开此链接，设置新密码。}}',
  'email.passwordReset.ignore': '如果你没有提出此申请，请忽略这封邮件，你的密码不会改变。',
  'email.passwordReset.action': '设置新密码',

  'email.unsubscribe.confirmTitle':
    '{setting, select, marketingEmails {要退订产品动态和公告吗？} other {要退订通知邮件吗？}}',
  'email.unsubscribe.confirmBody':
    '{setting, select, marketingEmails {Kaleido 将不再向你发送产品动态和公告。} other {Kaleido 将不再就生成、积分、收据和套餐变更向你发送邮件。安全通知（密码和登录方式变更）仍会照常发送。}}',
  'email.unsubscribe.button': '退订',
  'email.unsubscribe.doneTitle': '你已成功退订',
  'email.unsubscribe.done':
    '{setting, select, marketingEmails {你将不再收到产品动态和公告。你可以随时在设置中重新开启。} other {你将不再收到通知邮件。你可以随时在设置中重新开启。}}',
  'email.unsubscribe.errorTitle': '此链接无效',
  'email.unsubscribe.openSettings': '打开邮件设置',
};
