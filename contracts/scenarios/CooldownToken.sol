// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: after a buy or a sell an address must wait a minute before trading again.
contract CooldownToken is OwnedPairToken {
    uint256 public cooldownSeconds = 60;
    mapping(address trader => uint256) private _lastTrade;

    constructor(uint256 supply) OwnedPairToken("Slow Burn", "SLOW", supply) {}

    function setCooldown(uint256 seconds_) external onlyOwner {
        cooldownSeconds = seconds_;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        address trader = _isBuy(from, to) ? to : _isSell(from, to) ? from : address(0);
        if (trader != address(0)) {
            require(block.timestamp >= _lastTrade[trader] + cooldownSeconds, "cooldown");
            _lastTrade[trader] = block.timestamp;
        }
        _move(from, to, value);
    }
}
