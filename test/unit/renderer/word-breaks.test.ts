// Where Discovery lets long API names wrap: after a group's dots and hyphens, between a kind's
// words, and in a resource's plural name where its kind's words meet; never inside a word.
import { describe, expect, it } from 'vitest'
import {
  groupParts,
  identityParts,
  kindParts,
  listParts,
  requestTargetParts,
  resourceNameParts,
} from '../../../src-renderer/src/ui/word-breaks'

describe('word breaks of API names', () => {
  it('cuts a group name after its dots and hyphens only, a group/version after its slash too', () => {
    expect(groupParts('admissionregistration.k8s.io')).toEqual([
      'admissionregistration.',
      'k8s.',
      'io',
    ])
    expect(groupParts('resource.k8s-io.example')).toEqual(['resource.', 'k8s-', 'io.', 'example'])
    expect(groupParts('(core)')).toEqual(['(core)'])
    expect(groupParts('flowcontrol.apiserver.k8s.io/v1')).toEqual([
      'flowcontrol.',
      'apiserver.',
      'k8s.',
      'io/',
      'v1',
    ])
  })

  it('cuts a kind between its camel-case words, an acronym whole', () => {
    expect(kindParts('MutatingWebhookConfiguration')).toEqual([
      'Mutating',
      'Webhook',
      'Configuration',
    ])
    expect(kindParts('APIService')).toEqual(['APIService'])
  })

  it('cuts a plural name where its kind’s words meet, the plural’s end on the last word', () => {
    expect(
      resourceNameParts('validatingadmissionpolicybindings', 'ValidatingAdmissionPolicyBinding'),
    ).toEqual(['validating', 'admission', 'policy', 'bindings'])
    expect(resourceNameParts('persistentvolumeclaims', 'PersistentVolumeClaim')).toEqual([
      'persistent',
      'volume',
      'claims',
    ])
    expect(resourceNameParts('networkpolicies', 'NetworkPolicy')).toEqual(['network', 'policies'])
    expect(resourceNameParts('pods', 'Pod')).toEqual(['pods'])
    // A name that does not spell its kind stays whole.
    expect(resourceNameParts('componentstatuses', 'Status')).toEqual(['componentstatuses'])
    expect(resourceNameParts('ep', 'EndpointSlice')).toEqual(['ep'])
  })

  it('gives back the name itself, joined', () => {
    for (const [name, kind] of [
      ['horizontalpodautoscalers', 'HorizontalPodAutoscaler'],
      ['apiservices', 'APIService'],
      ['flowcontrol.apiserver.k8s.io', ''],
    ])
      expect(resourceNameParts(name as string, kind as string).join('')).toBe(name)
  })

  it("cuts a user's name after its colons only, a colon at its end kept on its part", () => {
    expect(identityParts('system:serviceaccount:kube-system:generic-garbage-collector')).toEqual([
      'system:',
      'serviceaccount:',
      'kube-system:',
      'generic-garbage-collector',
    ])
    expect(identityParts('minikube-user')).toEqual(['minikube-user'])
    expect(identityParts('oidc:')).toEqual(['oidc:'])
  })

  it('cuts what a request asked for where its words meet, its subresource and name apart', () => {
    expect(requestTargetParts('selfsubjectaccessreviews', 'SelfSubjectAccessReview')).toEqual([
      'self',
      'subject',
      'access',
      'reviews',
    ])
    expect(requestTargetParts('pods/status', 'Pod', 'web-1')).toEqual([
      'pods',
      '/status',
      ' ',
      'web-',
      '1',
    ])
    expect(requestTargetParts('leases', undefined, 'kube-scheduler')).toEqual([
      'leases',
      ' ',
      'kube-',
      'scheduler',
    ])
    expect(requestTargetParts('/readyz/etcd', undefined)).toEqual(['/', 'readyz/', 'etcd'])
    for (const [resource, kind, name] of [
      ['deployments/scale', 'Deployment', 'web'],
      ['/apis/flowcontrol.apiserver.k8s.io/v1', undefined, ''],
      ['customresourcedefinitions', 'CustomResourceDefinition', 'crontabs.stable.example.com'],
    ])
      expect(requestTargetParts(resource as string, kind, name).join('')).toBe(
        `${resource}${name ? ` ${name}` : ''}`,
      )
  })

  it('cuts a list of API words after its commas, dots, slashes and colons', () => {
    expect(listParts('get,create,update leases (coordination.k8s.io)')).toEqual([
      'get,',
      'create,',
      'update leases (coordination.',
      'k8s.',
      'io)',
    ])
    expect(listParts('user system:kube-scheduler')).toEqual(['user system:', 'kube-scheduler'])
    expect(listParts('* * (*)')).toEqual(['* * (*)'])
  })
})
