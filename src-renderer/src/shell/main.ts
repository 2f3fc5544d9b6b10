import { mount } from 'svelte'
import './styles/app.css'
import App from './App.svelte'
import { connectBridge } from './bridge'
import { AppState } from './app-state.svelte'

const links: ((link: 'open' | 'closed') => void)[] = []
const api = connectBridge((link) => links.forEach((l) => l(link)))
const state = new AppState(api)
links.push((link) => (state.hostLink = link))
mount(App, { target: document.getElementById('app') as HTMLElement, props: { app: state } })
void state.start()
