// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: the owner can mark any address as a "bot", after which its transfers revert.
contract BlacklistToken is OwnedPairToken {
    mapping(address account => bool) private _bots;

    constructor(uint256 supply) OwnedPairToken("Anti Bot Inu", "ABINU", supply) {}

    function setBots(address[] calldata accounts, bool isBot) external onlyOwner {
        for (uint256 i = 0; i < accounts.length; i++) _bots[accounts[i]] = isBot;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        require(!_bots[from] && !_bots[to], "bot");
        _move(from, to, value);
    }
}
